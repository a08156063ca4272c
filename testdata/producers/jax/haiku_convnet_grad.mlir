module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<8xf32>, %arg3: tensor<3x3x4x8xf32>, %arg4: tensor<8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<64xf32>, %arg7: tensor<128x64xf32>, %arg8: tensor<10xf32>, %arg9: tensor<64x10xf32>, %arg10: tensor<2x8x8x3xf32>, %arg11: tensor<2xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4xf32> {jax.result_info = "result[1]['conv2_d']['b']"}, tensor<3x3x3x4xf32> {jax.result_info = "result[1]['conv2_d']['w']"}, tensor<8xf32> {jax.result_info = "result[1]['conv2_d_1']['b']"}, tensor<3x3x4x8xf32> {jax.result_info = "result[1]['conv2_d_1']['w']"}, tensor<8xf32> {jax.result_info = "result[1]['layer_norm']['offset']"}, tensor<8xf32> {jax.result_info = "result[1]['layer_norm']['scale']"}, tensor<64xf32> {jax.result_info = "result[1]['mlp/~/linear_0']['b']"}, tensor<128x64xf32> {jax.result_info = "result[1]['mlp/~/linear_0']['w']"}, tensor<10xf32> {jax.result_info = "result[1]['mlp/~/linear_1']['b']"}, tensor<64x10xf32> {jax.result_info = "result[1]['mlp/~/linear_1']['w']"}) {
    %0 = stablehlo.convolution(%arg10, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x8x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<4xf32>) -> tensor<2x8x8x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x8x8x4xf32>
    %3 = call @relu(%2) : (tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x4xf32>
    %5 = stablehlo.compare GT, %2, %4, FLOAT : (tensor<2x8x8x4xf32>, tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x8x4xf32>
    %7 = stablehlo.convolution(%3, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<2x4x4x8xf32>
    %8 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<8xf32>) -> tensor<2x4x4x8xf32>
    %9 = stablehlo.add %7, %8 : tensor<2x4x4x8xf32>
    %10 = call @relu_0(%9) : (tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %12 = stablehlo.compare GT, %9, %11, FLOAT : (tensor<2x4x4x8xf32>, tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%10 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %17 = stablehlo.divide %15, %16 : tensor<2x4x4x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %18:5 = call @_var(%10, %c) : (tensor<2x4x4x8xf32>, tensor<i32>) -> (tensor<2x4x4x1xf32>, tensor<2x4x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x4x1xf32>)
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %20 = stablehlo.add %18#0, %19 : tensor<2x4x4x1xf32>
    %21 = stablehlo.rsqrt %20 : tensor<2x4x4x1xf32>
    %22 = stablehlo.divide %21, %20 : tensor<2x4x4x1xf32>
    %cst_6 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %24 = stablehlo.multiply %23, %22 : tensor<2x4x4x1xf32>
    %25 = stablehlo.broadcast_in_dim %arg5, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x4x4x8xf32>
    %27 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2, 3] : (tensor<2x4x4x1xf32>) -> tensor<2x4x4x8xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<2x4x4x8xf32>
    %29 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<2x4x4x1xf32>) -> tensor<2x4x4x8xf32>
    %30 = stablehlo.subtract %10, %29 : tensor<2x4x4x8xf32>
    %31 = stablehlo.multiply %28, %30 : tensor<2x4x4x8xf32>
    %32 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x4x4x8xf32>
    %34 = stablehlo.add %31, %33 : tensor<2x4x4x8xf32>
    %35 = stablehlo.reshape %34 : (tensor<2x4x4x8xf32>) -> tensor<2x128xf32>
    %36 = stablehlo.dot_general %35, %arg7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x128xf32>, tensor<128x64xf32>) -> tensor<2x64xf32>
    %37 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<64xf32>) -> tensor<2x64xf32>
    %38 = stablehlo.add %36, %37 : tensor<2x64xf32>
    %39 = call @relu_1(%38) : (tensor<2x64xf32>) -> tensor<2x64xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %41 = stablehlo.compare GT, %38, %40, FLOAT : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x64xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %43 = stablehlo.dot_general %39, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64xf32>, tensor<64x10xf32>) -> tensor<2x10xf32>
    %44 = stablehlo.broadcast_in_dim %arg8, dims = [1] : (tensor<10xf32>) -> tensor<2x10xf32>
    %45 = stablehlo.add %43, %44 : tensor<2x10xf32>
    %46 = stablehlo.broadcast_in_dim %arg11, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %47:2 = call @take_along_axis(%45, %46) : (tensor<2x10xf32>, tensor<2x1xi32>) -> (tensor<2x1xf32>, tensor<2x1x1xi32>)
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %48:2 = call @_take(%47#0, %c_9) : (tensor<2x1xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<1xi32>)
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.reduce(%45 init: %cst_10) applies stablehlo.maximum across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
    %50 = stablehlo.reshape %49 : (tensor<2xf32>) -> tensor<2x1xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x10xf32>
    %52 = stablehlo.compare EQ, %45, %51, FLOAT : (tensor<2x10xf32>, tensor<2x10xf32>) -> tensor<2x10xi1>
    %53 = stablehlo.convert %52 : (tensor<2x10xi1>) -> tensor<2x10xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %56 = stablehlo.maximum %55, %49 : tensor<2xf32>
    %cst_13 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %58 = stablehlo.compare GT, %49, %57, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    %cst_14 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %60 = stablehlo.compare EQ, %49, %59, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %64 = stablehlo.select %60, %63, %62 : tensor<2xi1>, tensor<2xf32>
    %65 = stablehlo.select %58, %61, %64 : tensor<2xi1>, tensor<2xf32>
    %66 = stablehlo.is_finite %56 : (tensor<2xf32>) -> tensor<2xi1>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %68 = stablehlo.select %66, %56, %67 : tensor<2xi1>, tensor<2xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %70 = stablehlo.broadcast_in_dim %68, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x10xf32>
    %72 = stablehlo.subtract %45, %71 : tensor<2x10xf32>
    %73 = stablehlo.exponential %72 : tensor<2x10xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.reduce(%73 init: %cst_20) applies stablehlo.add across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
    %75 = stablehlo.sign %74 : tensor<2xf32>
    %76 = stablehlo.abs %74 : tensor<2xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %78 = stablehlo.compare GE, %74, %77, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    %79 = stablehlo.log %76 : tensor<2xf32>
    %80 = stablehlo.add %79, %68 : tensor<2xf32>
    %81 = stablehlo.subtract %80, %48#0 : tensor<2xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.reduce(%81 init: %cst_22) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %83 = stablehlo.divide %82, %cst_23 : tensor<f32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_25 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %84 = stablehlo.divide %cst_24, %cst_25 : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %86 = stablehlo.negate %85 : tensor<2xf32>
    %87 = stablehlo.divide %85, %76 : tensor<2xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %89 = stablehlo.select %78, %88, %87 : tensor<2xi1>, tensor<2xf32>
    %90 = stablehlo.select %78, %87, %88 : tensor<2xi1>, tensor<2xf32>
    %91 = stablehlo.negate %89 : tensor<2xf32>
    %92 = stablehlo.add %90, %91 : tensor<2xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
    %94 = stablehlo.multiply %93, %73 : tensor<2x10xf32>
    %95 = call @_take_3(%48#1, %86) : (tensor<1xi32>, tensor<2xf32>) -> tensor<2x1xf32>
    %96 = call @take_along_axis_4(%47#1, %95) : (tensor<2x1x1xi32>, tensor<2x1xf32>) -> tensor<2x10xf32>
    %97 = stablehlo.add %94, %96 : tensor<2x10xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %98 = stablehlo.reduce(%97 init: %cst_27) applies stablehlo.add across dimensions = [0] : (tensor<2x10xf32>, tensor<f32>) -> tensor<10xf32>
    %99 = stablehlo.dot_general %97, %39, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x10xf32>, tensor<2x64xf32>) -> tensor<10x64xf32>
    %100 = stablehlo.transpose %99, dims = [1, 0] : (tensor<10x64xf32>) -> tensor<64x10xf32>
    %101 = stablehlo.dot_general %97, %arg9, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x10xf32>, tensor<64x10xf32>) -> tensor<2x64xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %103 = stablehlo.select %41, %101, %102 : tensor<2x64xi1>, tensor<2x64xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.reduce(%103 init: %cst_29) applies stablehlo.add across dimensions = [0] : (tensor<2x64xf32>, tensor<f32>) -> tensor<64xf32>
    %105 = stablehlo.dot_general %103, %35, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64xf32>, tensor<2x128xf32>) -> tensor<64x128xf32>
    %106 = stablehlo.transpose %105, dims = [1, 0] : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %107 = stablehlo.dot_general %103, %arg7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x64xf32>, tensor<128x64xf32>) -> tensor<2x128xf32>
    %108 = stablehlo.reshape %107 : (tensor<2x128xf32>) -> tensor<2x4x4x8xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.reduce(%108 init: %cst_30) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %110 = stablehlo.reshape %109 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %111 = stablehlo.reduce(%110 init: %cst_31) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %112 = stablehlo.multiply %28, %108 : tensor<2x4x4x8xf32>
    %113 = stablehlo.multiply %108, %30 : tensor<2x4x4x8xf32>
    %114 = stablehlo.negate %112 : tensor<2x4x4x8xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.reduce(%114 init: %cst_32) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %116 = stablehlo.reshape %115 : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
    %117 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<2x4x4x8xf32>
    %118 = stablehlo.multiply %117, %113 : tensor<2x4x4x8xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.reduce(%118 init: %cst_33) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %120 = stablehlo.reshape %119 : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
    %121 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2, 3] : (tensor<2x4x4x1xf32>) -> tensor<2x4x4x8xf32>
    %122 = stablehlo.multiply %113, %121 : tensor<2x4x4x8xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.reduce(%122 init: %cst_34) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %124 = stablehlo.reshape %123 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.reduce(%124 init: %cst_35) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %126 = stablehlo.multiply %120, %24 : tensor<2x4x4x1xf32>
    %127 = call @_var_5(%18#1, %18#2, %18#3, %18#4, %126) : (tensor<2x4x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x4x1xf32>, tensor<2x4x4x1xf32>) -> tensor<2x4x4x8xf32>
    %128 = stablehlo.add %112, %127 : tensor<2x4x4x8xf32>
    %cst_36 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %130 = stablehlo.divide %116, %129 : tensor<2x4x4x1xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.reduce(%130 init: %cst_37) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x1xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %132 = stablehlo.broadcast_in_dim %131, dims = [0, 1, 2] : (tensor<2x4x4xf32>) -> tensor<2x4x4x8xf32>
    %133 = stablehlo.add %128, %132 : tensor<2x4x4x8xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %135 = stablehlo.select %12, %133, %134 : tensor<2x4x4x8xi1>, tensor<2x4x4x8xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %136 = stablehlo.reduce(%135 init: %cst_39) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %137 = stablehlo.convolution(%3, %135) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x4xf32>, tensor<2x4x4x8xf32>) -> tensor<3x3x4x8xf32>
    %138 = stablehlo.reverse %arg3, dims = [0, 1] : tensor<3x3x4x8xf32>
    %139 = stablehlo.convolution(%135, %138) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x8xf32>, tensor<3x3x4x8xf32>) -> tensor<2x8x8x4xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<2x8x8x4xf32>
    %141 = stablehlo.select %5, %139, %140 : tensor<2x8x8x4xi1>, tensor<2x8x8x4xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %142 = stablehlo.reduce(%141 init: %cst_41) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %143 = stablehlo.convolution(%arg10, %141) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<2x8x8x4xf32>) -> tensor<3x3x3x4xf32>
    return %83, %142, %143, %136, %137, %111, %125, %104, %106, %98, %100 : tensor<f32>, tensor<4xf32>, tensor<3x3x3x4xf32>, tensor<8xf32>, tensor<3x3x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<64xf32>, tensor<128x64xf32>, tensor<10xf32>, tensor<64x10xf32>
  }
  func.func private @relu(%arg0: tensor<2x8x8x4xf32>) -> tensor<2x8x8x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x8x8x4xf32>
    return %1 : tensor<2x8x8x4xf32>
  }
  func.func private @relu_0(%arg0: tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x4x4x8xf32>
    return %1 : tensor<2x4x4x8xf32>
  }
  func.func private @_var(%arg0: tensor<2x4x4x8xf32>, %arg1: tensor<i32>) -> (tensor<2x4x4x1xf32>, tensor<2x4x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x4x1xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x4x4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<2x4x4x1xf32>) -> tensor<2x4x4x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x4x4x8xf32>
    %6 = chlo.square %5 : tensor<2x4x4x8xf32> -> tensor<2x4x4x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4x8xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x4x4x8xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<2x4x4x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16:2 = call @_where(%15, %14, %cst_5) : (tensor<i1>, tensor<2x4x4x1xf32>, tensor<f32>) -> (tensor<2x4x4x1xf32>, tensor<2x4x4x1xf32>)
    return %16#0, %8, %10, %15, %16#1 : tensor<2x4x4x1xf32>, tensor<2x4x4x8xf32>, tensor<f32>, tensor<i1>, tensor<2x4x4x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x4x4x1xf32>, %arg2: tensor<f32>) -> (tensor<2x4x4x1xf32>, tensor<2x4x4x1xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x4x4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    return %2, %3 : tensor<2x4x4x1xf32>, tensor<2x4x4x1xf32>
  }
  func.func private @relu_1(%arg0: tensor<2x64xf32>) -> tensor<2x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x64xf32>
    return %1 : tensor<2x64xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x10xf32>, %arg1: tensor<2x1xi32>) -> (tensor<2x1xf32>, tensor<2x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x1xi1>, tensor<2x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x1xi32>) -> tensor<2x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x1x1xi32>, tensor<2x1x1xi32>) -> tensor<2x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x1x1xi1>, tensor<i1>) -> tensor<2x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<2x10xf32>, tensor<2x1x1xi32>) -> tensor<2x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x1xi1>, tensor<2x1xf32>
    return %15, %5 : tensor<2x1xf32>, tensor<2x1x1xi32>
  }
  func.func private @_take(%arg0: tensor<2x1xf32>, %arg1: tensor<i32>) -> (tensor<2xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where_2(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<1xi32>
    %4 = stablehlo.convert %3 : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %7 = stablehlo.compare LE, %4, %c_1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %8 = stablehlo.and %6, %7 : tensor<1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %9 = stablehlo.reduce(%8 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<1xi1>, tensor<i1>) -> tensor<i1>
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1>}> : (tensor<2x1xf32>, tensor<1xi32>) -> tensor<2xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<2xi1>, tensor<2xf32>
    return %13, %3 : tensor<2xf32>, tensor<1xi32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_3(%arg0: tensor<1xi32>, %arg1: tensor<2xf32>) -> tensor<2x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x1xf32>, tensor<1xi32>, tensor<2xf32>) -> tensor<2x1xf32>
    return %1 : tensor<2x1xf32>
  }
  func.func private @take_along_axis_4(%arg0: tensor<2x1x1xi32>, %arg1: tensor<2x1xf32>) -> tensor<2x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x10xf32>, tensor<2x1x1xi32>, tensor<2x1xf32>) -> tensor<2x10xf32>
    return %1 : tensor<2x10xf32>
  }
  func.func private @_var_5(%arg0: tensor<2x4x4x8xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<2x4x4x1xf32>, %arg4: tensor<2x4x4x1xf32>) -> tensor<2x4x4x8xf32> {
    %0 = call @_where_6(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<2x4x4x1xf32>, tensor<2x4x4x1xf32>) -> tensor<2x4x4x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<2x4x4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x1xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x4x4xf32>) -> tensor<2x4x4x8xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<2x4x4x8xf32>
    %6 = stablehlo.negate %5 : tensor<2x4x4x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x8xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %8 = stablehlo.reshape %7 : (tensor<2x4x4xf32>) -> tensor<2x4x4x1xf32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x4x4x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<2x4x4x1xf32>, tensor<f32>) -> tensor<2x4x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x4x4xf32>) -> tensor<2x4x4x8xf32>
    %13 = stablehlo.add %5, %12 : tensor<2x4x4x8xf32>
    return %13 : tensor<2x4x4x8xf32>
  }
  func.func private @_where_6(%arg0: tensor<i1>, %arg1: tensor<2x4x4x1xf32>, %arg2: tensor<2x4x4x1xf32>) -> tensor<2x4x4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x4x1xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<2x4x4x1xf32>
    return %1 : tensor<2x4x4x1xf32>
  }
}
