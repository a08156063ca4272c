module @IrToHlo.225 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32x128xf32>, %arg3: tensor<128xf32>, %arg4: tensor<128x32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32x32xf32>, %arg8: tensor<96xf32>, %arg9: tensor<96x32xf32>, %arg10: tensor<2x16x32xf32>, %arg11: tensor<f32>, %arg12: tensor<32xf32>, %arg13: tensor<32xf32>) -> tensor<2x16x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x16x128xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<2x4x16x16xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<2x4x16x16xf32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %c_4 = stablehlo.constant dense<true> : tensor<i1>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.transpose %arg10, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[16,2,32]{2,0,1}"} : (tensor<2x16x32xf32>) -> tensor<16x2x32xf32>
    %1 = stablehlo.reshape %0 : (tensor<16x2x32xf32>) -> tensor<32x32xf32>
    %2 = stablehlo.transpose %arg9, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,96]{0,1}"} : (tensor<96x32xf32>) -> tensor<32x96xf32>
    %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x32xf32>, tensor<32x96xf32>) -> tensor<32x96xf32>
    %4 = stablehlo.reshape %3 : (tensor<32x96xf32>) -> tensor<16x2x96xf32>
    %5 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<96xf32>) -> tensor<16x2x96xf32>
    %6 = stablehlo.add %4, %5 : tensor<16x2x96xf32>
    %7 = stablehlo.reshape %6 : (tensor<16x2x96xf32>) -> tensor<1x16x2x3x32xf32>
    %8 = stablehlo.transpose %7, dims = [3, 1, 2, 0, 4] {result_layout = dense<[4, 0, 2, 1, 3]> : tensor<5xindex>, xla_shape = "f32[3,16,2,1,32]{4,0,2,1,3}"} : (tensor<1x16x2x3x32xf32>) -> tensor<3x16x2x1x32xf32>
    %9 = stablehlo.reshape %8 : (tensor<3x16x2x1x32xf32>) -> tensor<3x16x2x32xf32>
    %10 = stablehlo.slice %9 [0:1, 0:16, 0:2, 0:32] : (tensor<3x16x2x32xf32>) -> tensor<1x16x2x32xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x16x2x32xf32>) -> tensor<16x8x8xf32>
    %12 = stablehlo.transpose %11, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,16,8]{2,0,1}"} : (tensor<16x8x8xf32>) -> tensor<8x16x8xf32>
    %13 = stablehlo.reshape %12 : (tensor<8x16x8xf32>) -> tensor<2x4x16x8xf32>
    %14 = stablehlo.broadcast_in_dim %arg11, dims = [] : (tensor<f32>) -> tensor<2x4x16x8xf32>
    %15 = stablehlo.multiply %13, %14 : tensor<2x4x16x8xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x4x16x8xf32>) -> tensor<8x16x8xf32>
    %17 = stablehlo.slice %9 [1:2, 0:16, 0:2, 0:32] : (tensor<3x16x2x32xf32>) -> tensor<1x16x2x32xf32>
    %18 = stablehlo.reshape %17 : (tensor<1x16x2x32xf32>) -> tensor<16x8x8xf32>
    %19 = stablehlo.transpose %18, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,16,8]{2,0,1}"} : (tensor<16x8x8xf32>) -> tensor<8x16x8xf32>
    %20 = stablehlo.reshape %19 : (tensor<8x16x8xf32>) -> tensor<2x4x16x8xf32>
    %21 = stablehlo.transpose %20, dims = [0, 1, 3, 2] {result_layout = dense<[2, 3, 1, 0]> : tensor<4xindex>, xla_shape = "f32[2,4,8,16]{2,3,1,0}"} : (tensor<2x4x16x8xf32>) -> tensor<2x4x8x16xf32>
    %22 = stablehlo.broadcast_in_dim %arg11, dims = [] : (tensor<f32>) -> tensor<2x4x8x16xf32>
    %23 = stablehlo.multiply %21, %22 : tensor<2x4x8x16xf32>
    %24 = stablehlo.reshape %23 : (tensor<2x4x8x16xf32>) -> tensor<8x8x16xf32>
    %25 = stablehlo.dot_general %16, %24, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x8xf32>, tensor<8x8x16xf32>) -> tensor<8x16x16xf32>
    %26 = stablehlo.reshape %25 : (tensor<8x16x16xf32>) -> tensor<2x4x16x16xf32>
    %27 = stablehlo.compare  EQ, %26, %cst_3 : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xi1>
    %28 = stablehlo.reduce(%27 init: %c_4) across dimensions = [3] : (tensor<2x4x16x16xi1>, tensor<i1>) -> tensor<2x4x16xi1>
     reducer(%arg14: tensor<i1>, %arg15: tensor<i1>)  {
      %79 = stablehlo.and %arg14, %arg15 : tensor<i1>
      %80 = stablehlo.select %79, %c_4, %c : tensor<i1>, tensor<i1>
      stablehlo.return %80 : tensor<i1>
    }
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<2x4x16xi1>) -> tensor<2x4x16x16xi1>
    %30 = stablehlo.reduce(%26 init: %cst_5) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x16xf32>
    %32 = stablehlo.subtract %26, %31 : tensor<2x4x16x16xf32>
    %33 = stablehlo.exponential %32 : tensor<2x4x16x16xf32>
    %34 = stablehlo.reduce(%33 init: %cst_6) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x16xf32>
    %36 = stablehlo.divide %33, %35 : tensor<2x4x16x16xf32>
    %37 = stablehlo.select %29, %cst_2, %36 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>
    %38 = stablehlo.reshape %37 : (tensor<2x4x16x16xf32>) -> tensor<8x16x16xf32>
    %39 = stablehlo.slice %9 [2:3, 0:16, 0:2, 0:32] : (tensor<3x16x2x32xf32>) -> tensor<1x16x2x32xf32>
    %40 = stablehlo.reshape %39 : (tensor<1x16x2x32xf32>) -> tensor<16x8x8xf32>
    %41 = stablehlo.transpose %40, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,16,8]{2,0,1}"} : (tensor<16x8x8xf32>) -> tensor<8x16x8xf32>
    %42 = stablehlo.dot_general %38, %41, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x16xf32>, tensor<8x16x8xf32>) -> tensor<8x16x8xf32>
    %43 = stablehlo.reshape %42 : (tensor<8x16x8xf32>) -> tensor<2x4x16x8xf32>
    %44 = stablehlo.transpose %43, dims = [2, 0, 1, 3] {result_layout = dense<[3, 0, 2, 1]> : tensor<4xindex>, xla_shape = "f32[16,2,4,8]{3,0,2,1}"} : (tensor<2x4x16x8xf32>) -> tensor<16x2x4x8xf32>
    %45 = stablehlo.reshape %44 : (tensor<16x2x4x8xf32>) -> tensor<32x32xf32>
    %46 = stablehlo.transpose %arg7, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,32]{0,1}"} : (tensor<32x32xf32>) -> tensor<32x32xf32>
    %47 = stablehlo.dot_general %45, %46, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %48 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<32xf32>) -> tensor<32x32xf32>
    %49 = stablehlo.add %47, %48 : tensor<32x32xf32>
    %50 = stablehlo.reshape %49 : (tensor<32x32xf32>) -> tensor<16x2x32xf32>
    %51 = stablehlo.transpose %50, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[2,16,32]{2,0,1}"} : (tensor<16x2x32xf32>) -> tensor<2x16x32xf32>
    %52 = stablehlo.add %arg10, %51 : tensor<2x16x32xf32>
    %53 = stablehlo.reshape %52 : (tensor<2x16x32xf32>) -> tensor<1x32x32xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%53, %cst_1, %cst_0) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x32x32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<1x32x32xf32>, tensor<32xf32>, tensor<32xf32>)
    %54 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<32xf32>) -> tensor<2x16x32xf32>
    %55 = stablehlo.reshape %output : (tensor<1x32x32xf32>) -> tensor<2x16x32xf32>
    %56 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<32xf32>) -> tensor<2x16x32xf32>
    %57 = stablehlo.multiply %55, %56 : tensor<2x16x32xf32>
    %58 = stablehlo.add %54, %57 : tensor<2x16x32xf32>
    %59 = stablehlo.reshape %58 : (tensor<2x16x32xf32>) -> tensor<32x32xf32>
    %60 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,128]{0,1}"} : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %61 = stablehlo.dot_general %59, %60, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x32xf32>, tensor<32x128xf32>) -> tensor<32x128xf32>
    %62 = stablehlo.reshape %61 : (tensor<32x128xf32>) -> tensor<2x16x128xf32>
    %63 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<128xf32>) -> tensor<2x16x128xf32>
    %64 = stablehlo.add %62, %63 : tensor<2x16x128xf32>
    %65 = stablehlo.maximum %64, %cst : tensor<2x16x128xf32>
    %66 = stablehlo.reshape %65 : (tensor<2x16x128xf32>) -> tensor<32x128xf32>
    %67 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[128,32]{0,1}"} : (tensor<32x128xf32>) -> tensor<128x32xf32>
    %68 = stablehlo.dot_general %66, %67, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x128xf32>, tensor<128x32xf32>) -> tensor<32x32xf32>
    %69 = stablehlo.reshape %68 : (tensor<32x32xf32>) -> tensor<2x16x32xf32>
    %70 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<2x16x32xf32>
    %71 = stablehlo.add %69, %70 : tensor<2x16x32xf32>
    %72 = stablehlo.add %58, %71 : tensor<2x16x32xf32>
    %73 = stablehlo.reshape %72 : (tensor<2x16x32xf32>) -> tensor<1x32x32xf32>
    %output_7, %batch_mean_8, %batch_var_9 = "stablehlo.batch_norm_training"(%73, %cst_1, %cst_0) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x32x32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<1x32x32xf32>, tensor<32xf32>, tensor<32xf32>)
    %74 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<32xf32>) -> tensor<2x16x32xf32>
    %75 = stablehlo.reshape %output_7 : (tensor<1x32x32xf32>) -> tensor<2x16x32xf32>
    %76 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<32xf32>) -> tensor<2x16x32xf32>
    %77 = stablehlo.multiply %75, %76 : tensor<2x16x32xf32>
    %78 = stablehlo.add %74, %77 : tensor<2x16x32xf32>
    return %78 : tensor<2x16x32xf32>
  }
}
