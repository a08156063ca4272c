module @IrToHlo.475 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4xi64>, %arg1: tensor<10xf32>, %arg2: tensor<10x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x8x3x3xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8xf32>, %arg7: tensor<8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<8x8x3x3xf32>, %arg10: tensor<8xf32>, %arg11: tensor<8xf32>, %arg12: tensor<8xf32>, %arg13: tensor<8xf32>, %arg14: tensor<8x3x3x3xf32>, %arg15: tensor<4x3x16x16xf32>, %arg16: tensor<f32>, %arg17: tensor<f32>, %arg18: tensor<f32>, %arg19: tensor<8x3x3x3xf32>, %arg20: tensor<8xf32>, %arg21: tensor<8xf32>, %arg22: tensor<8x8x3x3xf32>, %arg23: tensor<8xf32>, %arg24: tensor<8xf32>, %arg25: tensor<16x8x3x3xf32>, %arg26: tensor<16xf32>, %arg27: tensor<10x16xf32>, %arg28: tensor<10xf32>, %arg29: tensor<i64>, %arg30: tensor<i64>) -> (tensor<f32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>, tensor<8xf32>, tensor<8xf32>, tensor<i64>, tensor<8xf32>, tensor<8xf32>, tensor<i64>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %cst = stablehlo.constant dense<0.899999976> : tensor<8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<8xf32>
    %cst_1 = stablehlo.constant dense<6.250000e-02> : tensor<4x16xf32>
    %c_2 = stablehlo.constant dense<-100> : tensor<4xi64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<4x10xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<4x10xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<4x16x4x4xf32>
    %cst_6 = stablehlo.constant dense<9.99999974E-6> : tensor<8xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<4x8x16x16xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.convolution(%arg15, %arg14) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<4x8x16x16xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%0, %arg13, %arg12) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>)
    %1 = stablehlo.maximum %output, %cst_8 : tensor<4x8x16x16xf32>
    %2 = stablehlo.convolution(%1, %arg9) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<4x8x16x16xf32>
    %output_12, %batch_mean_13, %batch_var_14 = "stablehlo.batch_norm_training"(%2, %arg8, %arg7) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>)
    %3 = stablehlo.maximum %output_12, %cst_8 : tensor<4x8x16x16xf32>
    %4 = "stablehlo.reduce_window"(%3, %cst_10) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg31: tensor<f32>, %arg32: tensor<f32>):
      %156 = stablehlo.maximum %arg31, %arg32 : tensor<f32>
      stablehlo.return %156 : tensor<f32>
    }) : (tensor<4x8x16x16xf32>, tensor<f32>) -> tensor<4x8x8x8xf32>
    %5 = stablehlo.add %batch_var_14, %cst_6 : tensor<8xf32>
    %6 = stablehlo.rsqrt %5 : tensor<8xf32>
    %7 = stablehlo.divide %cst_7, %6 : tensor<8xf32>
    %8 = stablehlo.multiply %7, %7 : tensor<8xf32>
    %9 = stablehlo.subtract %8, %cst_6 : tensor<8xf32>
    %10 = stablehlo.compare  GT, %3, %cst_8 : (tensor<4x8x16x16xf32>, tensor<4x8x16x16xf32>) -> tensor<4x8x16x16xi1>
    %11 = stablehlo.convolution(%4, %arg4) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x8xf32>, tensor<16x8x3x3xf32>) -> tensor<4x16x4x4xf32>
    %12 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<4x16x4x4xf32>
    %13 = stablehlo.add %11, %12 : tensor<4x16x4x4xf32>
    %14 = stablehlo.maximum %13, %cst_5 : tensor<4x16x4x4xf32>
    %15 = stablehlo.compare  GT, %14, %cst_5 : (tensor<4x16x4x4xf32>, tensor<4x16x4x4xf32>) -> tensor<4x16x4x4xi1>
    %16 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<4xi64>) -> tensor<4x10xi64>
    %17 = stablehlo.iota dim = 0 : tensor<10xi64>
    %18 = stablehlo.broadcast_in_dim %17, dims = [1] : (tensor<10xi64>) -> tensor<4x10xi64>
    %19 = stablehlo.compare  EQ, %16, %18 : (tensor<4x10xi64>, tensor<4x10xi64>) -> tensor<4x10xi1>
    %20 = stablehlo.select %19, %cst_4, %cst_3 : tensor<4x10xi1>, tensor<4x10xf32>
    %21 = stablehlo.negate %20 : tensor<4x10xf32>
    %22 = stablehlo.compare  NE, %arg0, %c_2 : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<4xi1>) -> tensor<4x10xi1>
    %24 = stablehlo.select %23, %cst_4, %cst_3 : tensor<4x10xi1>, tensor<4x10xf32>
    %25 = stablehlo.multiply %24, %20 : tensor<4x10xf32>
    %26 = stablehlo.multiply %21, %25 : tensor<4x10xf32>
    %27 = stablehlo.reduce(%25 init: %cst_11) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<f32>
    %28 = stablehlo.compare  NE, %27, %cst_11 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %29 = stablehlo.select %28, %27, %cst_9 : tensor<i1>, tensor<f32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %31 = stablehlo.divide %26, %30 : tensor<4x10xf32>
    %32 = stablehlo.reduce(%14 init: %cst_11) applies stablehlo.add across dimensions = [3, 2] : (tensor<4x16x4x4xf32>, tensor<f32>) -> tensor<4x16xf32>
    %33 = stablehlo.multiply %32, %cst_1 : tensor<4x16xf32>
    %34 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,10]{0,1}"} : (tensor<10x16xf32>) -> tensor<16x10xf32>
    %35 = stablehlo.dot_general %33, %34, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x10xf32>) -> tensor<4x10xf32>
    %36 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<10xf32>) -> tensor<4x10xf32>
    %37 = stablehlo.add %35, %36 : tensor<4x10xf32>
    %38 = stablehlo.reduce(%37 init: %cst_10) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %40 = stablehlo.subtract %37, %39 : tensor<4x10xf32>
    %41 = stablehlo.exponential %40 : tensor<4x10xf32>
    %42 = stablehlo.reduce(%41 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %43 = stablehlo.log %42 : tensor<4xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %45 = stablehlo.subtract %40, %44 : tensor<4x10xf32>
    %46 = stablehlo.exponential %45 : tensor<4x10xf32>
    %47 = stablehlo.reduce(%31 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %49 = stablehlo.multiply %46, %48 : tensor<4x10xf32>
    %50 = stablehlo.subtract %31, %49 : tensor<4x10xf32>
    %51 = stablehlo.dot_general %50, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<10x16xf32>) -> tensor<4x16xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<4x16xf32>) -> tensor<4x16x4x4xf32>
    %53 = stablehlo.broadcast_in_dim %arg17, dims = [] : (tensor<f32>) -> tensor<4x16x4x4xf32>
    %54 = stablehlo.divide %52, %53 : tensor<4x16x4x4xf32>
    %55 = stablehlo.select %15, %54, %cst_5 : tensor<4x16x4x4xi1>, tensor<4x16x4x4xf32>
    %56 = stablehlo.transpose %arg4, dims = [2, 3, 1, 0] {result_layout = dense<[1, 0, 2, 3]> : tensor<4xindex>, xla_shape = "f32[3,3,8,16]{1,0,2,3}"} : (tensor<16x8x3x3xf32>) -> tensor<3x3x8x16xf32>
    %57 = stablehlo.reverse %56, dims = [0, 1] {result_layout = dense<[1, 0, 2, 3]> : tensor<4xindex>, xla_shape = "f32[3,3,8,16]{1,0,2,3}"} : tensor<3x3x8x16xf32>
    %58 = stablehlo.convolution(%55, %57) dim_numbers = [b, f, 0, 1]x[0, 1, o, i]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 2], [1, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x4x4xf32>, tensor<3x3x8x16xf32>) -> tensor<4x8x8x8xf32>
    %59 = "stablehlo.select_and_scatter"(%3, %58, %cst_11) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg31: tensor<f32>, %arg32: tensor<f32>):
      %156 = stablehlo.compare  GE, %arg31, %arg32 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %156 : tensor<i1>
    }, {
    ^bb0(%arg31: tensor<f32>, %arg32: tensor<f32>):
      %156 = stablehlo.add %arg31, %arg32 : tensor<f32>
      stablehlo.return %156 : tensor<f32>
    }) : (tensor<4x8x16x16xf32>, tensor<4x8x8x8xf32>, tensor<f32>) -> tensor<4x8x16x16xf32>
    %60 = stablehlo.select %10, %59, %cst_8 : tensor<4x8x16x16xi1>, tensor<4x8x16x16xf32>
    %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%2, %arg8, %batch_mean_13, %9, %60) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4x8x16x16xf32>) -> (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>)
    %61 = stablehlo.add %batch_var, %cst_6 : tensor<8xf32>
    %62 = stablehlo.rsqrt %61 : tensor<8xf32>
    %63 = stablehlo.divide %cst_7, %62 : tensor<8xf32>
    %64 = stablehlo.multiply %63, %63 : tensor<8xf32>
    %65 = stablehlo.subtract %64, %cst_6 : tensor<8xf32>
    %66 = stablehlo.compare  GT, %1, %cst_8 : (tensor<4x8x16x16xf32>, tensor<4x8x16x16xf32>) -> tensor<4x8x16x16xi1>
    %67 = stablehlo.transpose %arg9, dims = [2, 3, 1, 0] {result_layout = dense<[1, 0, 2, 3]> : tensor<4xindex>, xla_shape = "f32[3,3,8,8]{1,0,2,3}"} : (tensor<8x8x3x3xf32>) -> tensor<3x3x8x8xf32>
    %68 = stablehlo.reverse %67, dims = [0, 1] {result_layout = dense<[1, 0, 2, 3]> : tensor<4xindex>, xla_shape = "f32[3,3,8,8]{1,0,2,3}"} : tensor<3x3x8x8xf32>
    %69 = stablehlo.convolution(%grad_operand, %68) dim_numbers = [b, f, 0, 1]x[0, 1, o, i]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x16x16xf32>, tensor<3x3x8x8xf32>) -> tensor<4x8x16x16xf32>
    %70 = stablehlo.select %66, %69, %cst_8 : tensor<4x8x16x16xi1>, tensor<4x8x16x16xf32>
    %grad_operand_15, %grad_scale_16, %grad_offset_17 = "stablehlo.batch_norm_grad"(%0, %arg13, %batch_mean, %65, %70) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4x8x16x16xf32>) -> (tensor<4x8x16x16xf32>, tensor<8xf32>, tensor<8xf32>)
    %71 = stablehlo.compare  NE, %20, %cst_4 : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xi1>
    %72 = stablehlo.multiply %21, %45 : tensor<4x10xf32>
    %73 = stablehlo.select %71, %cst_3, %72 : tensor<4x10xi1>, tensor<4x10xf32>
    %74 = stablehlo.multiply %73, %25 : tensor<4x10xf32>
    %75 = stablehlo.reduce(%74 init: %cst_11) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<f32>
    %76 = stablehlo.divide %75, %27 : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<8x3x3x3xf32>
    %78 = stablehlo.multiply %arg19, %77 : tensor<8x3x3x3xf32>
    %79 = stablehlo.convolution(%arg15, %grad_operand_15) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x3x16x16xf32>, tensor<4x8x16x16xf32>) -> tensor<3x3x3x8xf32>
    %80 = stablehlo.transpose %79, dims = [3, 2, 0, 1] {result_layout = dense<[0, 1, 3, 2]> : tensor<4xindex>, xla_shape = "f32[8,3,3,3]{0,1,3,2}"} : (tensor<3x3x3x8xf32>) -> tensor<8x3x3x3xf32>
    %81 = stablehlo.add %78, %80 : tensor<8x3x3x3xf32>
    %82 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<8x3x3x3xf32>
    %83 = stablehlo.multiply %81, %82 : tensor<8x3x3x3xf32>
    %84 = stablehlo.add %arg14, %83 : tensor<8x3x3x3xf32>
    %85 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %86 = stablehlo.multiply %arg20, %85 : tensor<8xf32>
    %87 = stablehlo.add %86, %grad_scale_16 : tensor<8xf32>
    %88 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %89 = stablehlo.multiply %87, %88 : tensor<8xf32>
    %90 = stablehlo.add %arg13, %89 : tensor<8xf32>
    %91 = stablehlo.multiply %arg21, %85 : tensor<8xf32>
    %92 = stablehlo.add %91, %grad_offset_17 : tensor<8xf32>
    %93 = stablehlo.multiply %92, %88 : tensor<8xf32>
    %94 = stablehlo.add %arg12, %93 : tensor<8xf32>
    %95 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<8x8x3x3xf32>
    %96 = stablehlo.multiply %arg22, %95 : tensor<8x8x3x3xf32>
    %97 = stablehlo.convolution(%1, %grad_operand) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x16x16xf32>, tensor<4x8x16x16xf32>) -> tensor<3x3x8x8xf32>
    %98 = stablehlo.transpose %97, dims = [3, 2, 0, 1] {result_layout = dense<[0, 1, 3, 2]> : tensor<4xindex>, xla_shape = "f32[8,8,3,3]{0,1,3,2}"} : (tensor<3x3x8x8xf32>) -> tensor<8x8x3x3xf32>
    %99 = stablehlo.add %96, %98 : tensor<8x8x3x3xf32>
    %100 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<8x8x3x3xf32>
    %101 = stablehlo.multiply %99, %100 : tensor<8x8x3x3xf32>
    %102 = stablehlo.add %arg9, %101 : tensor<8x8x3x3xf32>
    %103 = stablehlo.multiply %arg23, %85 : tensor<8xf32>
    %104 = stablehlo.add %103, %grad_scale : tensor<8xf32>
    %105 = stablehlo.multiply %104, %88 : tensor<8xf32>
    %106 = stablehlo.add %arg8, %105 : tensor<8xf32>
    %107 = stablehlo.multiply %arg24, %85 : tensor<8xf32>
    %108 = stablehlo.add %107, %grad_offset : tensor<8xf32>
    %109 = stablehlo.multiply %108, %88 : tensor<8xf32>
    %110 = stablehlo.add %arg7, %109 : tensor<8xf32>
    %111 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<16x8x3x3xf32>
    %112 = stablehlo.multiply %arg25, %111 : tensor<16x8x3x3xf32>
    %113 = stablehlo.convolution(%4, %55) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 0], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x8xf32>, tensor<4x16x4x4xf32>) -> tensor<3x3x8x16xf32>
    %114 = stablehlo.transpose %113, dims = [3, 2, 0, 1] {result_layout = dense<[0, 1, 3, 2]> : tensor<4xindex>, xla_shape = "f32[16,8,3,3]{0,1,3,2}"} : (tensor<3x3x8x16xf32>) -> tensor<16x8x3x3xf32>
    %115 = stablehlo.add %112, %114 : tensor<16x8x3x3xf32>
    %116 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<16x8x3x3xf32>
    %117 = stablehlo.multiply %115, %116 : tensor<16x8x3x3xf32>
    %118 = stablehlo.add %arg4, %117 : tensor<16x8x3x3xf32>
    %119 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %120 = stablehlo.multiply %arg26, %119 : tensor<16xf32>
    %121 = stablehlo.reduce(%55 init: %cst_11) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x16x4x4xf32>, tensor<f32>) -> tensor<16xf32>
    %122 = stablehlo.add %120, %121 : tensor<16xf32>
    %123 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %124 = stablehlo.multiply %122, %123 : tensor<16xf32>
    %125 = stablehlo.add %arg3, %124 : tensor<16xf32>
    %126 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<10x16xf32>
    %127 = stablehlo.multiply %arg27, %126 : tensor<10x16xf32>
    %128 = stablehlo.transpose %33, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,4]{0,1}"} : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %129 = stablehlo.dot_general %128, %50, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x4xf32>, tensor<4x10xf32>) -> tensor<16x10xf32>
    %130 = stablehlo.transpose %129, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[10,16]{0,1}"} : (tensor<16x10xf32>) -> tensor<10x16xf32>
    %131 = stablehlo.add %127, %130 : tensor<10x16xf32>
    %132 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<10x16xf32>
    %133 = stablehlo.multiply %131, %132 : tensor<10x16xf32>
    %134 = stablehlo.add %arg2, %133 : tensor<10x16xf32>
    %135 = stablehlo.broadcast_in_dim %arg18, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %136 = stablehlo.multiply %arg28, %135 : tensor<10xf32>
    %137 = stablehlo.reduce(%50 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<4x10xf32>, tensor<f32>) -> tensor<10xf32>
    %138 = stablehlo.add %136, %137 : tensor<10xf32>
    %139 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %140 = stablehlo.multiply %138, %139 : tensor<10xf32>
    %141 = stablehlo.add %arg1, %140 : tensor<10xf32>
    %142 = stablehlo.multiply %batch_mean, %cst_0 : tensor<8xf32>
    %143 = stablehlo.multiply %arg11, %cst : tensor<8xf32>
    %144 = stablehlo.add %142, %143 : tensor<8xf32>
    %145 = stablehlo.multiply %batch_var, %cst_0 : tensor<8xf32>
    %146 = stablehlo.multiply %arg10, %cst : tensor<8xf32>
    %147 = stablehlo.add %145, %146 : tensor<8xf32>
    %148 = stablehlo.add %arg29, %c : tensor<i64>
    %149 = stablehlo.multiply %batch_mean_13, %cst_0 : tensor<8xf32>
    %150 = stablehlo.multiply %arg6, %cst : tensor<8xf32>
    %151 = stablehlo.add %149, %150 : tensor<8xf32>
    %152 = stablehlo.multiply %batch_var_14, %cst_0 : tensor<8xf32>
    %153 = stablehlo.multiply %arg5, %cst : tensor<8xf32>
    %154 = stablehlo.add %152, %153 : tensor<8xf32>
    %155 = stablehlo.add %arg30, %c : tensor<i64>
    return %76, %84, %90, %94, %102, %106, %110, %118, %125, %134, %141, %81, %87, %92, %99, %104, %108, %115, %122, %131, %138, %144, %147, %148, %151, %154, %155 : tensor<f32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>, tensor<10x16xf32>, tensor<10xf32>, tensor<8xf32>, tensor<8xf32>, tensor<i64>, tensor<8xf32>, tensor<8xf32>, tensor<i64>
  }
}
